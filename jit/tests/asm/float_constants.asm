function main (asm, 392 bytes)
    00000  jmp 00000000000000C8h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
    00013  mov r8,rsi
    00016  movsd xmm2,[170h]
    0001f  movsd xmm3,[178h]
    00028  movsd xmm4,[180h]
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
    00095  mov rdi,r12
    00098  mov rax,ADDR
    000a2  push r10
    000a4  push r11
    000a6  call rax  ; jit_fprint
    000a8  pop r11
    000aa  pop r10
    000ac  test rdx,rdx
    000af  jne 00000000000000C0h
; line 15: ret
    000b5  mov eax,0
    000bb  mov rsp,rbp
    000be  pop rbp
    000bf  ret
; unwind to the entry from the interpreter
    000c0  mov rsp,[r15+28h]
    000c7  ret
; external entry (from the interpreter)
    000c8  push rbp
    000c9  mov rbp,rsp
    000cc  push rbx
    000cd  push r12
    000cf  push r13
    000d1  push r14
    000d3  push r15
    000d5  mov r12,rdi
    000d8  mov r15,ADDR
    000e2  push qword ptr [r15+28h]
    000e9  mov r14,8
    000f3  mov r13,[r15+10h]
    000fa  sub r13,[r15]
    00101  lea rax,[146h]
    00108  push rax
    00109  mov [r15+28h],rsp
    00110  sub rsp,8
    00114  mov rdx,rsi
    00117  sub rsp,10h
    0011e  mov rsi,[rdx]
    00125  call 8
    0012a  xor edx,edx
    0012c  lea rsp,[rbp-30h]
    00133  pop rcx
    00134  mov [r15+28h],rcx
    0013b  pop r15
    0013d  pop r14
    0013f  pop r13
    00141  pop r12
    00143  pop rbx
    00144  pop rbp
    00145  ret
    00146  lea rbp,[rsp+30h]
    0014e  mov edx,1
    00153  lea rsp,[rbp-30h]
    0015a  pop rcx
    0015b  mov [r15+28h],rcx
    00162  pop r15
    00164  pop r14
    00166  pop r13
    00168  pop r12
    0016a  pop rbx
    0016b  pop rbp
    0016c  ret
; constant pool
    00170  dq 3FF0000000000000h  ; 1
    00178  dq 3FF8000000000000h  ; 1.5
    00180  dq 408F400000000000h  ; 1000

