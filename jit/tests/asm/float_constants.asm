function main (asm, 224 bytes)
    00000  jmp 000000000000009Ch
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  mov r8,rsi
    0000f  movsd xmm2,[0C0h]
    00018  movsd xmm3,[0C8h]
    00021  movsd xmm4,[0D0h]
    0002a  mov esi,0
    00030  movapd xmm2,xmm2
    00035  jmp 0000000000000040h
    0003a  nop [rax+rax]
; line 8: fmul
    00040  vmulsd xmm2,xmm2,xmm3
; line 9: fgt
    00045  ucomisd xmm2,xmm4
    0004a  ja 0000000000000059h
; line 11: add
    00050  add rsi,1
; line 12: jlt
    00054  cmp rsi,r8
    00057  jl 0000000000000040h
; line 14: fprint
    00059  movq rax,xmm2
    0005e  mov rsi,rax
    00061  mov ecx,7
    00066  mov edx,1
    0006b  mov rdi,[r15+30h]
    0006f  mov rax,ADDR
    00079  push r10
    0007b  push r11
    0007d  call rax  ; jit_fprint
    0007f  pop r11
    00081  pop r10
    00083  test rdx,rdx
    00086  jne 0000000000000097h
; line 15: ret
    0008c  mov eax,0
    00092  mov rsp,rbp
    00095  pop rbp
    00096  ret
; unwind to the entry from the interpreter
    00097  mov rsp,[r15+28h]
    0009b  ret
; external entry (from the interpreter)
    0009c  mov rax,ADDR
    000a6  mov rcx,8
    000b0  lea r11,[8]
    000b7  jmp qword ptr [0D8h]  ; glue: the entry from the interpreter, 1 word in registers
; constant pool
    000c0  dq 3FF0000000000000h  ; 1
    000c8  dq 3FF8000000000000h  ; 1.5
    000d0  dq 408F400000000000h  ; 1000
    000d8  dq ADDR  ; glue: the entry from the interpreter, 1 word in registers

