function main (asm, 384 bytes)
    00000  jmp 00000000000000C0h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
    00013  mov r8,rsi
    00016  movsd xmm2,[168h]
    0001f  movsd xmm3,[170h]
    00028  movsd xmm4,[178h]
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
    000a2  call rax  ; jit_fprint
    000a4  test rdx,rdx
    000a7  jne 00000000000000B8h
; line 15: ret
    000ad  mov eax,0
    000b3  mov rsp,rbp
    000b6  pop rbp
    000b7  ret
; unwind to the entry from the interpreter
    000b8  mov rsp,[r15+28h]
    000bf  ret
; external entry (from the interpreter)
    000c0  push rbp
    000c1  mov rbp,rsp
    000c4  push rbx
    000c5  push r12
    000c7  push r13
    000c9  push r14
    000cb  push r15
    000cd  mov r12,rdi
    000d0  mov r15,ADDR
    000da  push qword ptr [r15+28h]
    000e1  mov r14,8
    000eb  mov r13,[r15+10h]
    000f2  sub r13,[r15]
    000f9  lea rax,[13Eh]
    00100  push rax
    00101  mov [r15+28h],rsp
    00108  sub rsp,8
    0010c  mov rdx,rsi
    0010f  sub rsp,10h
    00116  mov rsi,[rdx]
    0011d  call 8
    00122  xor edx,edx
    00124  lea rsp,[rbp-30h]
    0012b  pop rcx
    0012c  mov [r15+28h],rcx
    00133  pop r15
    00135  pop r14
    00137  pop r13
    00139  pop r12
    0013b  pop rbx
    0013c  pop rbp
    0013d  ret
    0013e  lea rbp,[rsp+30h]
    00146  mov edx,1
    0014b  lea rsp,[rbp-30h]
    00152  pop rcx
    00153  mov [r15+28h],rcx
    0015a  pop r15
    0015c  pop r14
    0015e  pop r13
    00160  pop r12
    00162  pop rbx
    00163  pop rbp
    00164  ret
; constant pool
    00168  dq 3FF0000000000000h  ; 1
    00170  dq 3FF8000000000000h  ; 1.5
    00178  dq 408F400000000000h  ; 1000

