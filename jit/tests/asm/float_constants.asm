function main (asm, 256 bytes)
    00000  jmp 00000000000000BCh
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
    00013  mov r8,rsi
    00016  movsd xmm2,[0E0h]
    0001f  movsd xmm3,[0E8h]
    00028  movsd xmm4,[0F0h]
    00031  mov esi,0
    00037  movapd xmm2,xmm2
    0003c  jmp 0000000000000060h
    00041  nop [rax+rax]
    0004a  nop [rax+rax]
    00053  nop [rax+rax]
    0005c  nop [rax]
; line 8: fmul
    00060  vmulsd xmm2,xmm2,xmm3
; line 9: fgt
    00065  ucomisd xmm2,xmm4
    0006a  ja 0000000000000079h
; line 11: add
    00070  add rsi,1
; line 12: jlt
    00074  cmp rsi,r8
    00077  jl 0000000000000060h
; line 14: fprint
    00079  movq rax,xmm2
    0007e  mov rsi,rax
    00081  mov ecx,7
    00086  mov edx,1
    0008b  mov rdi,[r15+30h]
    0008f  mov rax,ADDR
    00099  push r10
    0009b  push r11
    0009d  call rax  ; jit_fprint
    0009f  pop r11
    000a1  pop r10
    000a3  test rdx,rdx
    000a6  jne 00000000000000B7h
; line 15: ret
    000ac  mov eax,0
    000b2  mov rsp,rbp
    000b5  pop rbp
    000b6  ret
; unwind to the entry from the interpreter
    000b7  mov rsp,[r15+28h]
    000bb  ret
; external entry (from the interpreter)
    000bc  mov rax,ADDR
    000c6  mov rcx,8
    000d0  lea r11,[8]
    000d7  jmp qword ptr [0F8h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    000e0  dq 3FF0000000000000h  ; 1
    000e8  dq 3FF8000000000000h  ; 1.5
    000f0  dq 408F400000000000h  ; 1000
    000f8  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

