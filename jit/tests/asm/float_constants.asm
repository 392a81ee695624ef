function main (asm, 384 bytes)
    00000  jmp 00000000000000BCh
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
    000bc  push rbp
    000bd  mov rbp,rsp
    000c0  push rbx
    000c1  push r12
    000c3  push r13
    000c5  push r14
    000c7  push r15
    000c9  mov r15,ADDR
    000d3  mov [r15+30h],rdi
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

