function main (asm, 400 bytes)
    00000  jmp 00000000000000CCh
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
    00013  mov r8,rsi
    00016  movsd xmm2,[178h]
    0001f  movsd xmm3,[180h]
    00028  movsd xmm4,[188h]
    00031  mov esi,0
    00037  movapd xmm2,xmm2
    0003c  jmp 0000000000000060h
    00041  nop [rax+rax]
    0004a  nop [rax+rax]
    00053  nop [rax+rax]
    0005c  nop [rax]
; line 8: fmul
    00060  mulsd xmm2,xmm3
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
    00081  mov rcx,7
    0008b  mov rdx,1
    00095  mov rdi,[r15+30h]
    0009c  mov rax,ADDR
    000a6  push r10
    000a8  push r11
    000aa  call rax  ; jit_fprint
    000ac  pop r11
    000ae  pop r10
    000b0  test rdx,rdx
    000b3  jne 00000000000000C4h
; line 15: ret
    000b9  mov eax,0
    000bf  mov rsp,rbp
    000c2  pop rbp
    000c3  ret
; unwind to the entry from the interpreter
    000c4  mov rsp,[r15+28h]
    000cb  ret
; external entry (from the interpreter)
    000cc  push rbp
    000cd  mov rbp,rsp
    000d0  push rbx
    000d1  push r12
    000d3  push r13
    000d5  push r14
    000d7  push r15
    000d9  mov r15,ADDR
    000e3  mov [r15+30h],rdi
    000ea  push qword ptr [r15+28h]
    000f1  mov r14,8
    000fb  mov r13,[r15+10h]
    00102  sub r13,[r15]
    00109  lea rax,[14Eh]
    00110  push rax
    00111  mov [r15+28h],rsp
    00118  sub rsp,8
    0011c  mov rdx,rsi
    0011f  sub rsp,10h
    00126  mov rsi,[rdx]
    0012d  call 8
    00132  xor edx,edx
    00134  lea rsp,[rbp-30h]
    0013b  pop rcx
    0013c  mov [r15+28h],rcx
    00143  pop r15
    00145  pop r14
    00147  pop r13
    00149  pop r12
    0014b  pop rbx
    0014c  pop rbp
    0014d  ret
    0014e  lea rbp,[rsp+30h]
    00156  mov edx,1
    0015b  lea rsp,[rbp-30h]
    00162  pop rcx
    00163  mov [r15+28h],rcx
    0016a  pop r15
    0016c  pop r14
    0016e  pop r13
    00170  pop r12
    00172  pop rbx
    00173  pop rbp
    00174  ret
; constant pool
    00178  dq 3FF0000000000000h  ; 1
    00180  dq 3FF8000000000000h  ; 1.5
    00188  dq 408F400000000000h  ; 1000

